// What other features use of users besides its service: the wire shapes of a user (a feature
// that shows a user presents it with these, so the field names are decided once) and the account
// fields that registration and administrator edits validate alike.

export { presentUser, presentUserSummary } from './presenter.js';
export { AvatarField, BioField, DisplayNameField, EmailField, NewPasswordField, UsernameField } from './schemas.js';
export { assertAdministratorsRemain } from './administrators.js';
export { currentUserProfile } from './profile.js';
