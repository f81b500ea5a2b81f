import { expect, test } from './clock';
import { demoEmail, signInAs } from './session';

/** The training academy (`training`): lessons, one open at a time, search, the lecture above. */

test('a Worker opens a lesson, reads a lecture above the list and finds another by search', async ({
  page,
}) => {
  await signInAs(page, demoEmail('worker'));
  await page.goto('/training');
  await expect(page.getByRole('heading', { name: 'Training academy' })).toBeVisible();
  // The first lesson is open; opening another closes it.
  const setUp = page.getByRole('button', { name: /Setting up your business/ });
  const rounds = page.getByRole('button', { name: /Rounds and the schedule/ });
  await expect(setUp).toHaveAttribute('aria-expanded', 'true');
  await rounds.click();
  await expect(rounds).toHaveAttribute('aria-expanded', 'true');
  await expect(setUp).toHaveAttribute('aria-expanded', 'false');
  // Titles show without their module prefix.
  await page.getByRole('button', { name: /^Working the day on your phone/ }).click();
  const player = page.getByTestId('lecture-player');
  await expect(player.getByRole('heading', { name: 'Working the day on your phone' })).toBeVisible();
  await expect(player.getByText(/day pilot takes you through the day/)).toBeVisible();

  // Every word must match: the title, the lesson or the content.
  await page.getByRole('searchbox', { name: 'Search...' }).fill('invoice email');
  await expect(page.getByRole('button', { name: /^Invoices/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Building a round/ })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search...' }).fill('invoice nothingmatches');
  await expect(page.getByText('No lecture matches your search.')).toBeVisible();
});
