import './strings.ts';
import { Link } from '@tanstack/react-router';
import { FileQuestion, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { buttonVariants } from '../../components/ui/button';

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
