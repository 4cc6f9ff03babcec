import type { CallRoute } from '../../http/call';
import { authRoutes } from './auth';
import { brandRoutes } from './brands';
import { billingRoutes } from './billing';
import { configRoutes } from './config';
import { exportMyData } from './dataExport';
import { localPaymentRoutes } from './localPayments';
import { stripeWebhook } from './stripeWebhook';
import { onboardingRoutes } from './onboarding';
import { planListRoutes } from './plansList';
import { requestPasswordChange } from './passwordChange';
import { sharingRoutes } from './sharing';
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
  exportMyData,
  requestPasswordChange,
  ...passwordResetRoutes,
  uploadProfilePicture,
  serveProfilePicture,
  ...brandRoutes,
  ...sharingRoutes,
  ...billingRoutes,
  ...localPaymentRoutes,
  stripeWebhook,
  ...onboardingRoutes,
  ...planListRoutes,
];
