import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../../features/audit/audit-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/audit/$')({
  staticData: { routeName: 'audit' },
  component: function AuditRoute() {
    return <AuditScreen actor={useActor()} />;
  },
});
