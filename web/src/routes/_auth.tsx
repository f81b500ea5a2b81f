import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Signed-out pages: a centred card under the wordmark, on an opaque tint (a translucent one bands in software rendering). */
export const Route = createFileRoute('/_auth')({ component: AuthLayout });

function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center bg-sidebar px-4 py-10 desktop:justify-center desktop:py-16">
      <div className="mb-8 flex items-center gap-2.5">
        <img src="/favicon.svg" alt="" className="size-8" />
        <span className="text-xl font-semibold tracking-tight">{t('app.name')}</span>
      </div>
      <main className="w-full max-w-sm">
        <Outlet />
      </main>
    </div>
  );
}
