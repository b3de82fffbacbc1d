import account from './account.json';
import audit from './audit.json';
import auth from './auth.json';
import common from './common.json';
import companies from './companies.json';
import crm from './crm.json';
import documents from './documents.json';
import errors from './errors.json';
import flags from './flags.json';
import forms from './forms.json';
import help from './help.json';
import identity from './identity.json';
import mail from './mail.json';
import password from './password.json';
import permissions from './permissions.json';
import registration from './registration.json';
import validation from './validation.json';

export const dictionary = {
  audit,
  common,
  auth,
  validation,
  errors,
  account,
  help,
  permissions,
  forms,
  mail,
  documents,
  identity,
  companies,
  crm,
  registration,
  flags,
  password,
};
