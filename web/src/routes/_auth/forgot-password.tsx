import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';

/** `/forgot-password`: mails a link to `/reset-password?token=` (valid once, for 1 hour). */
export const Route = createFileRoute('/_auth/forgot-password')({ component: ForgotPasswordPage });
