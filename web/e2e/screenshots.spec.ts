import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './clock';

/**
 * Screenshot review: every main screen in light and dark, at the project's size
 * (desktop 1280x800, mobile Pixel 7), written to screenshots/ (git-ignored; Playwright empties test-results/ on every run) for a person to look at.
 * Only with SCREENSHOTS=1, so `npm test` does not spend time on it:
 *   SCREENSHOTS=1 E2E_PORT=3201 npx playwright test -c web/playwright.config.ts screenshots
 */
const dir = resolve(import.meta.dirname, '../../screenshots');

async function shot(page: Page, name: string, project: string, scheme: string) {
  // Let overlays finish animating (a spinner's endless turn aside) and lazy routes settle.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.screenshot({ path: join(dir, `${project}-${scheme}-${name}.png`), fullPage: true });
}

if (process.env.SCREENSHOTS) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screens in ${scheme}`, { tag: '@both' }, async ({ page }, info) => {
      test.setTimeout(120_000);
      const project = info.project.name;
      // "System" theme follows the device: emulate the device's scheme.
      await page.emulateMedia({ colorScheme: scheme });
      const desktop = (page.viewportSize()?.width ?? 0) >= 769;
      if (desktop) await page.setViewportSize({ width: 1280, height: 800 });

      for (const [path, name, heading] of [
        ['/sign-in', 'sign-in', 'Sign in to Roundwise'],
        ['/sign-up', 'sign-up', 'Create your Roundwise account'],
        ['/forgot-password', 'forgot-password', 'Reset your password'],
        ['/verify-email', 'verify-email-signed-out', 'Check your inbox'],
        // The pages the mailed links open, with a made-up token (the invitation page says so at once).
        ['/reset-password?token=preview-token-0000', 'reset-password', 'Choose a new password'],
        ['/accept-invite?token=preview-token-0000', 'accept-invite', 'Join your team on Roundwise'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await shot(page, name, project, scheme);
      }
      // What a new Owner sees straight after signing up.
      const signup = await page.request.post('/api/auth/signup', {
        data: {
          email: `screens-${project}-${scheme}-${Date.now()}@example.com`,
          password: 'a good password',
          name: 'Nia New',
          businessName: 'New Windows',
        },
      });
      expect(signup.status()).toBe(201);
      await page.goto('/verify-email');
      await expect(page.getByRole('button', { name: 'Send the email again' })).toBeVisible();
      await shot(page, 'verify-email-check-inbox', project, scheme);

      const login = await page.request.post('/api/auth/login', {
        data: { email: 'owner@demo.roundwise.local', password: 'demo-password' },
      });
      expect(login.status()).toBe(200);

      for (const [path, name, heading] of [
        ['/quickstart', 'quickstart', 'Quick start'],
        ['/settings', 'settings', 'Settings'],
        ['/profile', 'profile', 'Profile'],
        ['/account', 'account', 'Account'],
        ['/account/subscription', 'subscription', 'Subscription'],
        ['/users', 'users', 'Users'],
        ['/teams', 'teams', 'Teams'],
        ['/alerts', 'alerts', 'Alerts'],
        ['/about', 'about', 'About'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
        // Screens show synced data: wait for the first sync so counts are the real ones.
        await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'synced', {
          timeout: 15_000,
        });
        await shot(page, name, project, scheme);
      }

      if (!desktop) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByTestId('drawer')).toBeVisible();
        await shot(page, 'drawer-open', project, scheme);
        await page.keyboard.press('Escape');
      }

      await page.goto('/users');
      await page.getByRole('button', { name: 'Invite' }).click();
      await expect(page.getByRole('dialog', { name: 'Invite someone' })).toBeVisible();
      await shot(page, 'users-invite-dialog', project, scheme);
      await page.keyboard.press('Escape');

      await page.goto('/teams');
      await page.getByRole('button', { name: 'New team' }).first().click();
      await expect(page.getByRole('dialog', { name: 'New team' })).toBeVisible();
      await shot(page, 'teams-new-dialog', project, scheme);
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await page.getByTestId('theme-picker').click();
      await expect(page.getByRole('option', { name: 'Dark' })).toBeVisible();
      await shot(page, 'settings-theme-select', project, scheme);
    });
  }
}
