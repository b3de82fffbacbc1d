// What other features use of company registration: the register form's queries and mutations.
export { useCaptcha, useCheckVatId, useRegisterCompany, useRegistrationOptions } from './api/registration';
