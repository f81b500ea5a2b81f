import type { Actor, Templates } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { FileQuestion, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import { buttonVariants } from '../../components/ui/button';
import { useEntity } from '../../lib/sync/hooks';
import { sendTabs } from './send-tabs';
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

/** What a template route shows for an unknown id or a read-only template (spec 002 sections 6 and 7). */
export function TemplateUnavailable({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={readonly ? Lock : FileQuestion}
      title={readonly ? t('templates.readonly-title') : t('templates.templateNotFound')}
      text={readonly ? t('templates.readonly') : t('templates.not-found-text')}
    >
      <Link to="/send/templates" className={buttonVariants({ variant: 'outline' })}>
        {t('templates.back-to-list')}
      </Link>
    </EmptyState>
  );
}
