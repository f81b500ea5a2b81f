import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ScheduleScreen } from '../../features/visits/schedule-screen';

// A visit's custom fields (the custom-fields area's), under the selected visit's detail. Loaded
// with the first visit opened: the schedule is the Owner's first screen, its download kept small.
const VisitFields = lazy(() =>
  import('../../features/custom-fields/visit-fields-loader').then((m) => ({ default: m.VisitFieldsLoader })),
);

export const Route = createFileRoute('/_app/schedule/{-$date}/{-$scheduleItemId}')({
  staticData: { routeName: 'schedule' },
  component: function ScheduleRoute() {
    const { date, scheduleItemId } = Route.useParams();
    return (
      <ScheduleScreen date={date} visitId={scheduleItemId} fields={(item) => <VisitFields item={item} />} />
    );
  },
});
