import './strings.ts';
import type { Actor, Templates } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { sendTabs } from '../../lib/send-tabs';
import { useEntity } from '../../lib/sync/hooks';
import { TemplateUnavailable } from './template-unavailable';
import { TemplateWizard } from './template-wizard';

/** `/send/templates/{id}/edit`: the wizard on a template; 'Template not found', or its refusal when read-only. */
export function EditTemplateScreen({ actor, id }: { actor: Actor; id: string }) {
  const { t } = useTranslation();
  const template = useEntity<Templates.Template>('template', id);
  if (template && !template.readonly) return <TemplateWizard key={id} actor={actor} template={template} />;
  return (
    <Screen title={t('templates.edit-title')} tabs={sendTabs(t)}>
      <TemplateUnavailable readonly={template?.readonly === true} />
    </Screen>
  );
}
