// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SedationLevelField } from './SedationLevelField.js';
import { installMatchMedia } from '../../../ui/matchMedia.test-util.js';

beforeAll(installMatchMedia);
afterEach(cleanup);

function field(maxLevel: string, planTier: string | null): void {
  render(
    <MantineProvider>
      <MemoryRouter>
        <SedationLevelField
          orgId="office"
          maxLevel={maxLevel}
          planTier={planTier}
          value=""
          onChange={() => undefined}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  // Mantine's Select also names its dropdown by the label: the text field is the input.
  fireEvent.click(screen.getAllByLabelText(/^Sedation level/).find((el) => el.tagName === 'INPUT')!);
}

const offered = (): string[] => screen.getAllByRole('option').map((o) => o.textContent ?? '');

describe("the new case form's sedation level (issue 37; spec 002 §5, §6)", () => {
  it('offers only the levels a Plus plan allows and names the plan of the deeper ones', () => {
    field('moderate', 'plus');
    expect(offered()).toEqual(['Local', 'Minimal', 'Moderate']);
    expect(screen.getByTestId('deeper-levels').textContent).toContain('Deep and GA in the Advanced plan');
    expect(screen.getByRole('link', { name: 'Change the plan on the Subscription page' }).getAttribute('href')).toBe(
      '/org/office/subscription',
    );
  });

  it('offers every level to an office without a plan tier, with no note', () => {
    field('ga', null);
    expect(offered()).toEqual(['Local', 'Minimal', 'Moderate', 'Deep', 'GA']);
    expect(screen.queryByTestId('deeper-levels')).toBeNull();
  });
});
