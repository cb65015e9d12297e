import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@cask/contracts/auth';

/**
 * The sign-in form's rules (docs/screens/sign-in.md#validation), loaded after the page is drawn
 * (decision 121).
 */
export const loginResolver = zodResolver(loginBody);
