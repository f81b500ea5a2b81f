import { createFileRoute } from '@tanstack/react-router';
import { MainScreen } from '../../features/custom-fields/main-screen';

/** `/custom-fields/main`: collections and templates (spec 001 section 2.1). */
export const Route = createFileRoute('/_app/custom-fields/main')({
  staticData: { routeName: 'custom-fields' },
  component: MainScreen,
});
