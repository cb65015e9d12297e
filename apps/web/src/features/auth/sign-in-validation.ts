import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@cask/contracts/auth';

/** The sign-in form's rules (spec 000 §5), loaded after the page is drawn (decision 121). */
export const loginResolver = zodResolver(loginBody);
