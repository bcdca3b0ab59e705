// Sign-in / create-account / forgotten-password page of the gateway. Posts JSON (with the X-Requested-With header
// the CSRF rule asks for), then sends the browser into the app. With two-factor sign-in on, the first answer is 401
// `{ twoFactorRequired: true }`: the page asks for the code (or a recovery code) and sends the form again with it.
const $ = (id) => document.getElementById(id);
const loginForm = $('login-form');
const registerForm = $('register-form');
const forgotForm = $('forgot-form');
const errorBox = $('error');
const noticeBox = $('notice');
const codeField = $('code-field');
const codeInput = $('login-code');
let recovery = false;

const MODES = {
  login: { form: loginForm, title: 'Sign in to your account', lead: 'Welcome back. Enter your e-mail and password.', focus: 'login-email' },
  register: {
    form: registerForm,
    title: 'Create your account',
    lead: 'Start your free trial. Your organization is created with you as its admin.',
    focus: 'reg-first',
  },
  forgot: {
    form: forgotForm,
    title: 'Reset your password',
    lead: 'Enter the e-mail of your account and we will send you a link to choose a new password.',
    focus: 'forgot-email',
  },
};

function show(mode) {
  const m = MODES[mode] ?? MODES.login;
  for (const x of Object.values(MODES)) x.form.hidden = x !== m;
  $('title').textContent = m.title;
  $('lead').textContent = m.lead;
  errorBox.hidden = true;
  noticeBox.hidden = true;
  $(m.focus).focus();
}

// Where to go once signed in (`?return=/invite/…`, an invitation to accept): the gateway judged `return` with the one
// rule of return addresses (safeReturnPath) and wrote the answer into the page; the page never reads `return` itself.
const destination = document.querySelector('meta[name="billpoint-return"]')?.content || '/';

function fail(message) {
  noticeBox.hidden = true;
  errorBox.textContent = message;
  errorBox.hidden = false;
}

function notice(message) {
  errorBox.hidden = true;
  noticeBox.textContent = message;
  noticeBox.hidden = false;
}

/** Shows the code field (a TOTP code, or a recovery code after "Use a recovery code instead"). */
function askForCode() {
  codeField.hidden = false;
  codeInput.required = true;
  codeInput.focus();
}

function useRecovery(on) {
  recovery = on;
  codeInput.value = '';
  codeInput.name = on ? 'recoveryCode' : 'code';
  codeInput.inputMode = on ? 'text' : 'numeric';
  codeInput.autocomplete = on ? 'off' : 'one-time-code';
  codeInput.maxLength = on ? 40 : 6;
  if (on) codeInput.removeAttribute('pattern');
  else codeInput.setAttribute('pattern', '[0-9]*');
  $('code-label').textContent = on ? 'Recovery code' : 'Authentication code';
  $('code-hint').textContent = on
    ? 'One of the recovery codes you saved; each works once.'
    : 'The 6-digit code from your authenticator app.';
  $('use-recovery').textContent = on ? 'Use the authenticator app instead' : 'Use a recovery code instead';
  codeInput.focus();
}

async function post(url, form) {
  const body = Object.fromEntries([...new FormData(form).entries()].filter(([, v]) => v !== ''));
  return fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
}

async function submit(form, url, onOk = () => window.location.assign(destination)) {
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const res = await post(url, form);
    if (res.ok) {
      onOk(await res.json().catch(() => ({})));
      return;
    }
    const data = await res.json().catch(() => ({}));
    const issue = data.issues && data.issues[0];
    if (data.twoFactorRequired) {
      const first = codeField.hidden;
      askForCode();
      if (first) {
        errorBox.hidden = true;
        return;
      }
    }
    fail(issue ? issue.message : data.message || `Something went wrong (${res.status}).`);
  } catch {
    fail('Could not reach the server. Check your connection and try again.');
  } finally {
    button.disabled = false;
  }
}

loginForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit(loginForm, '/api/auth/login');
});
// The new organization starts in the browser's time zone (the server leaves out one it does not know).
try {
  $('reg-timezone').value = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
} catch {
  // No Intl time zone: the organization starts in UTC.
}

registerForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit(registerForm, '/api/auth/register');
});
forgotForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit(forgotForm, '/api/auth/forgot-password', (data) => notice(data.message));
});
for (const [link, mode] of [
  ['to-register', 'register'],
  ['to-login', 'login'],
  ['to-forgot', 'forgot'],
  ['forgot-to-login', 'login'],
]) {
  $(link).addEventListener('click', (e) => {
    e.preventDefault();
    history.replaceState(null, '', `#${mode}`);
    show(mode);
  });
}
$('use-recovery').addEventListener('click', (e) => {
  e.preventDefault();
  useRecovery(!recovery);
});
show(location.hash.slice(1) in MODES ? location.hash.slice(1) : 'login');
