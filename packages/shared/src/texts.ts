/** Customer-side validation and notification texts, exactly as the specification writes them. */
export const CustomerText = {
  fieldEmpty: 'This field cannot be empty!',
  passwordTooShort: 'Length less than 6 characters',
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: 'Please input your first name',
  lastNameRequired: 'Please input your last name',
  emailRequired: 'Please input email address',
  emailInvalid: 'Please input correct email address',
  passwordRequired: 'Please input the password',
  passwordAgainRequired: 'Please input the password again',
  twoInputsDontMatch: "Two inputs don't match!",
  termsNotAgreed: "You didn't agree to the terms",
  registrationError: 'Registration error',
  somethingWrong: 'Something went wrong!',
  success: 'Success',
  areYouSure: 'Are you sure?',
  timeLeft: 'Time left',
  attemptingToReconnect: 'Attempting to reconnect',
  failedToConnect: 'Failed to connect to the server',
} as const;

/** Server answers of the accounts slice (the specification leaves their wording open). */
export const ServerText = {
  emailTaken: 'A user with this email already exists',
  wrongCredentials: 'Wrong email or password',
  confirmEmailSent: 'We have sent a confirmation link to your email. Please confirm it to log in.',
  confirmationResent: 'The confirmation email was sent again',
  resendTooSoon: 'Please wait before requesting another confirmation email',
  alreadyConfirmed: 'This email is already confirmed',
  emailConfirmed: 'Your email is confirmed. You can log in now.',
  confirmationInvalid: 'The confirmation link is invalid or has expired',
  userNotFound: 'User not found',
  loggedOut: 'You are logged out',
  notAuthenticated: 'You are not logged in',
  forbidden: 'You do not have permission for this action',
  passwordChanged: 'Your password has been changed',
  oldPasswordWrong: 'The old password is wrong',
  passwordNotSet: 'This account has no password: log in with your social account',
  profileUpdated: 'Your profile has been updated',
  imageInvalid: 'The file is not a supported image',
  imageTooLarge: 'The image is too large',
  tooManyRequests: 'Too many requests, please try again later',
  notFound: 'Not found',
  internalError: 'Internal server error',
  invalidRequest: 'Invalid request',
} as const;

/** Back-office texts, exactly as the specification writes them. */
export const AdminText = {
  error: 'Ошибка',
  warning: 'Внимание',
  exit: 'Выход',
  notOnShift: 'Вы не на дежурстве. Сначала начните смену!',
} as const;
