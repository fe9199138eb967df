/** A charted time as the clinician reads it on the screen: hours and minutes, in the device's locale. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
