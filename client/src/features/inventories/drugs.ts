/**
 * [IV5] The controlled drugs a dental sedation office keeps, with their DEA schedule (21 CFR
 * 1308), the unit they are counted in and a common package, to fill the receive form; any other
 * drug can be typed.
 */
export interface ControlledDrug {
  name: string;
  schedule: 'II' | 'III' | 'IV' | 'V';
  unit: 'mg' | 'mcg';
  strength: string;
  packageAmount: number;
}

export const CONTROLLED_DRUGS: readonly ControlledDrug[] = [
  { name: 'Midazolam', schedule: 'IV', unit: 'mg', strength: '5 mg/mL, 2 mL vial', packageAmount: 10 },
  { name: 'Fentanyl', schedule: 'II', unit: 'mcg', strength: '50 mcg/mL, 2 mL ampoule', packageAmount: 100 },
  { name: 'Diazepam', schedule: 'IV', unit: 'mg', strength: '5 mg/mL, 2 mL vial', packageAmount: 10 },
  { name: 'Triazolam', schedule: 'IV', unit: 'mg', strength: '0.25 mg tablet', packageAmount: 0.25 },
  { name: 'Lorazepam', schedule: 'IV', unit: 'mg', strength: '2 mg/mL, 1 mL vial', packageAmount: 2 },
  { name: 'Alprazolam', schedule: 'IV', unit: 'mg', strength: '0.5 mg tablet', packageAmount: 0.5 },
  { name: 'Ketamine', schedule: 'III', unit: 'mg', strength: '50 mg/mL, 10 mL vial', packageAmount: 500 },
  { name: 'Meperidine', schedule: 'II', unit: 'mg', strength: '50 mg/mL, 1 mL vial', packageAmount: 50 },
  { name: 'Morphine', schedule: 'II', unit: 'mg', strength: '4 mg/mL, 1 mL vial', packageAmount: 4 },
  { name: 'Hydromorphone', schedule: 'II', unit: 'mg', strength: '2 mg/mL, 1 mL vial', packageAmount: 2 },
  { name: 'Remifentanil', schedule: 'II', unit: 'mg', strength: '1 mg vial', packageAmount: 1 },
  { name: 'Phenobarbital', schedule: 'IV', unit: 'mg', strength: '65 mg/mL, 1 mL vial', packageAmount: 65 },
];

export function controlledDrug(name: string): ControlledDrug | null {
  const key = name.trim().toLowerCase();
  return CONTROLLED_DRUGS.find((d) => d.name.toLowerCase() === key) ?? null;
}
