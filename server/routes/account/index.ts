import type { CallRoute } from '../../http/call';
import { authRoutes } from './auth';
import { brandRoutes } from './brands';
import { billingRoutes } from './billing';
import { configRoutes } from './config';
import { localPaymentRoutes } from './localPayments';
import { onboardingRoutes } from './onboarding';
import { requestPasswordChange } from './passwordChange';
import { passwordResetRoutes } from './passwordReset';
import { serveProfilePicture, uploadProfilePicture } from './profilePicture';
import { deactivate, getMe, updateMe, updateNotifications, updatePrivacy } from './usersMe';

/** Every account-side call: config, auth, users/me, billing, onboarding, brands, local payment pages. */
export const accountRoutes: CallRoute[] = [
  ...configRoutes,
  ...authRoutes,
  getMe,
  updateMe,
  updatePrivacy,
  updateNotifications,
  deactivate,
  requestPasswordChange,
  ...passwordResetRoutes,
  uploadProfilePicture,
  serveProfilePicture,
  ...brandRoutes,
  ...billingRoutes,
  ...localPaymentRoutes,
  ...onboardingRoutes,
];
