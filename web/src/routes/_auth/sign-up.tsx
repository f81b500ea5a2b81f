import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../../features/auth/components/sign-up-page.tsx';

/** `/sign-up`: a new business and its Owner; then the check-your-inbox page (`/verify-email`). */
export const Route = createFileRoute('/_auth/sign-up')({ component: SignUpPage });
