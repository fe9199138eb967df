import { useEffect, useState } from 'react';

/**
 * A case list entry's tick as its checkbox shows it. useCaseList reads a list in a transition
 * (its tables redraw after the tap has painted), so a checkbox bound to the stored tick alone
 * showed the old state until then: on a slow tablet the tap seemed lost for a moment. The tap is
 * shown at once, until the stored tick changes (the list caught up, or another device changed it).
 */
export function useTickShownAtOnce(stored: boolean): [shown: boolean, tap: (ticked: boolean) => void] {
  const [tapped, setTapped] = useState<boolean | null>(null);
  useEffect(() => setTapped(null), [stored]);
  return [tapped ?? stored, setTapped];
}
