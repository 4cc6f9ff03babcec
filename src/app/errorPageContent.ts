// The /error page's title and advice by code and message key.

export const DEFAULT_ERROR_CODE = 500;
export const DEFAULT_ERROR_MESSAGE = 'generic';

export interface ErrorPageContent {
  title: string;
  description: string;
  /** Primary action offered beside Contact Support and 'Logout and Try Again'. */
  action: 'contact' | 'login' | 'retry';
}

export function errorPageContent(code: number, message: string): ErrorPageContent {
  if (code === 401 && message === 'account_blocked') {
    return {
      title: 'Account Blocked',
      description: 'Your account has been temporarily blocked for security reasons or policy violations. Please contact support.',
      action: 'contact',
    };
  }
  if (code === 403 && message === 'email_not_verified') {
    return {
      title: 'Email Verification Required',
      description: 'Please check your email for the verification link, then log in again.',
      action: 'login',
    };
  }
  if (code === 401) {
    return { title: 'Authentication Required', description: 'Please log in to continue.', action: 'login' };
  }
  if (code === 403) {
    return {
      title: 'Access Forbidden',
      description: 'You do not have permission to access this resource. Please contact support.',
      action: 'contact',
    };
  }
  return { title: 'Something Went Wrong', description: 'An unexpected error occurred. Please try again.', action: 'retry' };
}

export function parseErrorQuery(search: URLSearchParams): { code: number; message: string } {
  const code = Number.parseInt(search.get('code') ?? '', 10);
  const message = search.get('message');
  return {
    code: Number.isFinite(code) ? code : DEFAULT_ERROR_CODE,
    message: message && message.trim() ? message : DEFAULT_ERROR_MESSAGE,
  };
}
