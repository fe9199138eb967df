import { expect, test } from './fixtures.js';

const MINUTE = 60_000;

test.describe('client clock check (spec 000 §2, §4, §9)', () => {
  test('hides the sign-in form and says how far ahead a fast clock is', async ({ page }) => {
    await page.clock.setSystemTime(Date.now() + 10 * MINUTE);
    await page.goto('/signin');
    await expect(page.getByTestId('clock-skew')).toContainText('10 minutes ahead');
    await expect(page.getByTestId('signin-form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'check again' })).toBeVisible();
  });

  test('says how far behind a slow clock is', async ({ page }) => {
    await page.clock.setSystemTime(Date.now() - 3 * 60 * MINUTE);
    await page.goto('/signin');
    await expect(page.getByTestId('clock-skew')).toContainText('3 hours behind');
  });

  test('shows the sign-in form when the clock is within 2 minutes', async ({ page }) => {
    await page.clock.setSystemTime(Date.now() + 90_000);
    await page.goto('/signin');
    await expect(page.getByTestId('signin-form')).toBeVisible();
    await expect(page.getByTestId('clock-skew')).toHaveCount(0);
  });
});
