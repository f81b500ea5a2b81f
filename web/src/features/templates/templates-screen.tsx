import './strings.ts';
import { canNavigate, Templates } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { FileText, LayoutTemplate, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card } from '../../components/form';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { useActor } from '../../lib/me';
import { sendTabs } from '../../lib/send-tabs';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

type Template = Templates.Template & { _id: string };

/**
 * `/send/templates` (spec 002 section 2.7): the templates by name, a name search and Create. A
 * read-only template shows a lock and offers neither edit, remove nor the editor (section 6).
 */
export function TemplatesScreen() {
  const { t } = useTranslation();
  const all = useEntityList<Template>('template');
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<Template>();
  const remove = useCommand(Templates.remove);
  // The block editor is behind its beta flag (spec 002 section 6).
  const canOpenEditor = canNavigate(useActor(), 'block-editor').ok;
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return all.filter((x) => x.name.toLowerCase().includes(q)).sort((a, b) => a.name.localeCompare(b.name));
  }, [all, query]);
  const create = (
    <Link to="/send/templates/create" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
      <Plus aria-hidden />
      {t('templates.create')}
    </Link>
  );
  return (
    <Screen
      title={t('templates.title')}
      tabs={sendTabs(t)}
      actions={create}
      bars={<SearchBar onSearch={setQuery} placeholder={t('templates.search')} debounceMs={0} />}
    >
      <AlertDialog open={!!removing} onOpenChange={(open) => !open && setRemoving(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('templates.remove-confirm', { name: removing?.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t('templates.remove-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                removing &&
                remove.mutate(
                  { _id: removing._id },
                  { onError: () => toast.error(t('templates.removeFailed')) },
                )
              }
            >
              {t('templates.remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {shown.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={all.length === 0 ? t('templates.empty') : t('templates.no-match')}
          text={t('templates.empty-text')}
        >
          {all.length === 0 && create}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 [grid-template-columns:repeat(auto-fill,minmax(280px,1fr))]">
          {shown.map((template) => (
            <li key={template._id}>
              <TemplateCard
                template={template}
                canOpenEditor={canOpenEditor}
                onRemove={() => setRemoving(template)}
              />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function TemplateCard({
  template,
  canOpenEditor,
  onRemove,
}: {
  template: Template;
  canOpenEditor: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const block = Templates.isBlockTemplate(template);
  return (
    <Card className="flex h-full flex-col gap-2" data-testid="template-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">{template.name}</h2>
          <p className="truncate text-sm text-muted-foreground">{template.subject}</p>
        </div>
        {template.readonly && (
          <Badge variant="secondary" title={t('templates.readonly')}>
            <Lock className="size-3" aria-hidden />
            {t('templates.readonly-badge')}
          </Badge>
        )}
      </div>
      <Badge variant="outline" className="self-start">
        {block ? t('templates.kind-block') : t('templates.kind-rich')}
      </Badge>
      {!template.readonly && (
        <div className="mt-auto flex flex-wrap gap-1">
          <Link
            to="/send/templates/$id/edit"
            params={{ id: template._id }}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Pencil aria-hidden />
            {t('templates.edit')}
          </Link>
          {block && canOpenEditor && (
            <Link
              to="/block-editor/$id"
              params={{ id: template._id }}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <LayoutTemplate aria-hidden />
              {t('templates.open-editor')}
            </Link>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('templates.remove-named', { name: template.name })}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      )}
    </Card>
  );
}
