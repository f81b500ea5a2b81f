import '../strings.ts';
import { Templates } from '@roundwise/core';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useCommand } from '../../../lib/commands/use-command';
import { toast } from '../../../lib/toast';

/**
 * The saved revisions, newest first (each Save makes one; the newest ten are kept). Restoring one
 * makes it the template's content and lists it again as the newest, so a restore can be undone.
 */
export function RevisionsPanel({
  template,
  onRestored,
}: {
  template: Templates.Template & { _id: string };
  onRestored: (revision: Templates.Revision) => void;
}) {
  const { t, i18n } = useTranslation();
  const restore = useCommand(Templates.restoreRevision);
  const revisions = template.revisions ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-label={t('editor.revisions')} className="flex flex-col gap-2 rounded-md border p-3">
      <h2 className="text-sm font-semibold">{t('editor.revisions')}</h2>
      {revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('editor.no-revisions')}</p>
      ) : (
        <ol className="flex flex-col gap-1" data-testid="revisions">
          {revisions.map((revision, i) => (
            <li key={revision._id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {when.format(new Date(revision.savedDate))}
                {i === 0 && <span className="text-muted-foreground"> · {t('editor.latest')}</span>}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  restore.mutate(
                    { _id: template._id, revisionId: revision._id },
                    { onError: () => toast.error(t('templates.save-failed')) },
                  );
                  onRestored(revision);
                  toast.success(t('editor.restored'));
                }}
              >
                <RotateCcw aria-hidden />
                {t('editor.restore')}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
