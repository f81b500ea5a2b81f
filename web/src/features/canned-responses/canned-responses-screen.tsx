import './strings.ts';
import { type AccountSettings, newId } from '@roundwise/core';
import { MessageSquareText, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { ContextMenuBar } from '../../components/menu-bars/context-menu-bar';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useDeleteCannedResponse } from './api/delete-canned-response';
import { useSaveCannedResponse } from './api/save-canned-response';

type CannedResponse = AccountSettings['cannedResponses'][number];

/**
 * `canned-responses` (spec 001 section 2.9): the list, then a new or edit form from which the
 * user saves, deletes or cancels back to the list. Save and Delete are disabled unless title and
 * message are both non-empty (section 5).
 */
export function CannedResponsesScreen({ responses }: { responses: readonly CannedResponse[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CannedResponse | 'new'>();
  if (editing)
    return (
      <CannedResponseForm
        response={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(undefined)}
      />
    );
  return (
    <Screen
      title={t('canned-responses.title')}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('canned-responses.new')}</span>
        </button>
      }
    >
      {responses.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title={t('canned-responses.empty')}
          text={t('canned-responses.empty-text')}
        />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('canned-responses.title')}>
          {responses.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className="flex w-full flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-accent"
                onClick={() => setEditing(r)}
              >
                <span className="font-medium">{r.title}</span>
                <span className="line-clamp-2 text-sm text-muted-foreground">{r.message}</span>
                {r.tags.length > 0 && (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {r.tags.map((tag) => (
                      <span key={tag} className="rounded-full border px-2 py-0.5 text-xs">
                        {tag}
                      </span>
                    ))}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function CannedResponseForm({ response, onDone }: { response?: CannedResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCannedResponse();
  const remove = useDeleteCannedResponse();
  const [title, setTitle] = useState(response?.title ?? '');
  const [message, setMessage] = useState(response?.message ?? '');
  const [tags, setTags] = useState(response?.tags.join(', ') ?? '');
  const complete = title.trim() !== '' && message.trim() !== '';
  const busy = save.isPending || remove.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    save.mutate(
      {
        id: response?.id ?? newId(),
        title: title.trim(),
        message: message.trim(),
        // Spec 001 section 3: tags are entered comma-separated.
        tags: tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      },
      {
        onSuccess: () => {
          toast.success(t('canned-responses.saved'));
          onDone();
        },
        onError: (error) => toast.error(errorText(t, error)),
      },
    );
  };
  return (
    <Screen
      title={t('canned-responses.title')}
      bars={
        <ContextMenuBar
          title={response ? t('canned-responses.edit') : t('canned-responses.new')}
          onBack={onDone}
        />
      }
    >
      <Card>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <Field label={t('canned-responses.field-title')}>
            <input
              className={inputClass}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
          </Field>
          <Field label={t('canned-responses.field-message')} hint={t('canned-responses.token-hint')}>
            <textarea
              className={cn(inputClass, 'h-40 py-2')}
              value={message}
              maxLength={5000}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          <Field label={t('canned-responses.field-tags')} hint={t('canned-responses.tags-hint')}>
            <input className={inputClass} value={tags} onChange={(e) => setTags(e.target.value)} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            {response && (
              <button
                type="button"
                className={cn(secondaryButtonClass, 'mr-auto text-destructive')}
                disabled={!complete || busy}
                onClick={() =>
                  remove.mutate(response.id, {
                    onSuccess: () => {
                      toast.success(t('canned-responses.deleted'));
                      onDone();
                    },
                    onError: (error) => toast.error(errorText(t, error)),
                  })
                }
              >
                {t('general.delete')}
              </button>
            )}
            <button type="button" className={secondaryButtonClass} onClick={onDone}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass} disabled={!complete || busy}>
              {t('general.save')}
            </button>
          </div>
        </form>
      </Card>
    </Screen>
  );
}
