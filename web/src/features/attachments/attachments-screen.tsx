import './strings.ts';
import { Attachments } from '@roundwise/core';
import { Paperclip } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { AttachmentUpload } from '../../components/attachments/attachment-upload';
import { EmptyState } from '../../components/empty-state';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

type Attachment = Attachments.Attachment;

/**
 * The account's attachments (the `attachments` route, spec 000 section 2.3: Advanced): every file,
 * newest first, with upload and delete. The records are synced, so the list shows offline; the
 * files themselves (thumbnails, Open) and uploads need the network.
 */
export function AttachmentsScreen() {
  const { t } = useTranslation();
  const all = useEntityList<Attachment>('attachment');
  const ids = useMemo(
    () => [...all].sort((a, b) => b.createdDate.localeCompare(a.createdDate)).map((a) => a._id),
    [all],
  );
  const [deleting, setDeleting] = useState<Attachment>();
  const remove = useCommand(Attachments.delete);
  return (
    <Screen title={t('attachments.title')}>
      <div className="flex flex-col gap-4">
        <AttachmentUpload />
        {ids.length === 0 ? (
          <EmptyState icon={Paperclip} title={t('attachments.empty')} text={t('attachments.limits')} />
        ) : (
          <AttachmentList ids={ids} onRemove={setDeleting} removeLabel={t('attachments.delete')} />
        )}
      </div>
      <AlertDialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('attachments.delete-confirm', { name: deleting?.name })}</AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                deleting &&
                remove.mutate(
                  { _id: deleting._id },
                  {
                    onSuccess: () => toast.success(t('attachments.deleted')),
                    onError: (e) => toast.error(errorText(t, e)),
                  },
                )
              }
            >
              {t('attachments.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
