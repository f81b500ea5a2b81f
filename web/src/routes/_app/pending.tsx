import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PendingScreen } from '../../features/payments/pending-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/pending')({
  staticData: { routeName: 'pending' },
  component: function Pending() {
    // Ages are counted from the moment the screen opened.
    const [now] = useState(() => new Date());
    return <PendingScreen actor={useActor()} now={now} />;
  },
});
