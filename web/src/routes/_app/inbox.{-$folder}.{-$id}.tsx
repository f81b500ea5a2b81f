import { createFileRoute } from '@tanstack/react-router';
import { INBOX_FOLDERS, type InboxFolder, InboxScreen } from '../../features/inbox/inbox-screen';
import { SendMessageDialog } from '../../features/notifications/send-message-dialog';
import { useActor, useMe } from '../../lib/me';

/**
 * `inbox`, `inbox/unread`, `inbox/sent`, `inbox/outbox`, `inbox/scheduled`, each with `/:id`
 * (spec 002 section 2.3). `inbox/:id` is a received message: a first segment that is not a folder
 * is an id.
 */
export const Route = createFileRoute('/_app/inbox/{-$folder}/{-$id}')({
  staticData: { routeName: 'inbox' },
  component: function InboxRoute() {
    const params = Route.useParams();
    const me = useMe();
    const isFolder = INBOX_FOLDERS.includes(params.folder as InboxFolder);
    const folder: InboxFolder = isFolder ? (params.folder as InboxFolder) : 'inbox';
    const id = isFolder ? params.id : params.folder;
    return (
      <InboxScreen
        me={me}
        actor={useActor()}
        folder={folder}
        id={id}
        sendDialog={(customers, onClose) => (
          <SendMessageDialog me={me} customers={customers} onClose={onClose} />
        )}
      />
    );
  },
});
