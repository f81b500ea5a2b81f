import { createFileRoute } from '@tanstack/react-router';
import { ScheduleScreen } from '../../features/visits/schedule-screen';

export const Route = createFileRoute('/_app/schedule/{-$date}/{-$scheduleItemId}')({
  staticData: { routeName: 'schedule' },
  component: function ScheduleRoute() {
    const { date, scheduleItemId } = Route.useParams();
    return <ScheduleScreen date={date} visitId={scheduleItemId} />;
  },
});
