// Linted as client/src/ui/…: the input kit importing the session.
import { useSession } from '../session/SessionProvider.js';

export const hook = useSession;
