import type { CallRoute } from '../../http/call.js';
import { authRoutes } from './auth.js';
import { brandRoutes } from './brands.js';
import { billingRoutes } from './billing.js';
import { configRoutes } from './config.js';
import { localPaymentRoutes } from './localPayments.js';
import { onboardingRoutes } from './onboarding.js';
import { requestPasswordChange } from './passwordChange.js';
import { passwordResetRoutes } from './passwordReset.js';
import { serveProfilePicture, uploadProfilePicture } from './profilePicture.js';
import { deactivate, getMe, updateMe, updateNotifications, updatePrivacy } from './usersMe.js';

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
