import { Toaster as Sonner } from 'sonner';
import { useTheme } from '../../lib/theme.ts';

/** Toasts; the spec's default time-out is 5000 ms. */
export function Toaster() {
  const [theme] = useTheme();
  return <Sonner theme={theme} duration={5000} richColors closeButton position="top-center" />;
}
