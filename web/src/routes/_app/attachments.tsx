import { createFileRoute } from '@tanstack/react-router';
import { AttachmentsScreen } from '../../features/attachments/attachments-screen';

export const Route = createFileRoute('/_app/attachments')({
  staticData: { routeName: 'attachments' },
  component: AttachmentsScreen,
});
