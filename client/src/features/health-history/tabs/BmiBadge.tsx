import { Badge } from '@mantine/core';
import { bmi, bmiColour } from '@vigil/shared';
import type { ReactNode } from 'react';

/** The BMI badge (spec 002 §2, §9): the BMI in its colour band, or nothing without height and weight. */
export function BmiBadge({ weightKg, heightCm }: { weightKg: number | null; heightCm: number | null }): ReactNode {
  const value = bmi(weightKg, heightCm);
  const colour = bmiColour(value);
  if (value == null || colour == null) return null;
  return (
    <Badge size="xl" color={colour} variant="filled" autoContrast data-bmi-colour={colour}>
      BMI {value.toFixed(1)}
    </Badge>
  );
}
