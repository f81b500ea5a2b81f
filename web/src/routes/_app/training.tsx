import { createFileRoute } from '@tanstack/react-router';
import { lecturesQuery } from '../../features/training/api/lectures';
import { TrainingScreen } from '../../features/training/training-screen';

export const Route = createFileRoute('/_app/training')({
  staticData: { routeName: 'training' },
  loader: ({ context }) => context.queryClient.ensureQueryData(lecturesQuery),
  component: TrainingScreen,
});
