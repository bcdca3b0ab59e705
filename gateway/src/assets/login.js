// Sign-in / create-account page of the gateway. Posts JSON (with the X-Requested-With header the CSRF rule
// asks for), then sends the browser into the app.
const $ = (id) => document.getElementById(id);
const loginForm = $('login-form');
const registerForm = $('register-form');
const errorBox = $('error');

function show(mode) {
  const register = mode === 'register';
  loginForm.hidden = register;
  registerForm.hidden = !register;
  $('title').textContent = register ? 'Create your account' : 'Sign in to your account';
  $('lead').textContent = register
    ? 'Start your free trial. Your organization is created with you as its admin.'
    : 'Welcome back. Enter your e-mail and password.';
  errorBox.hidden = true;
  (register ? $('reg-first') : $('login-email')).focus();
}

// Where to go once signed in: `?return=/invite/…` (an invitation to accept), only a path of this site.
const back = new URLSearchParams(location.search).get('return');
const destination = back && /^\/(?![/\\])/.test(back) ? back : '/';

function fail(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

async function submit(form, url) {
  const button = form.querySelector('button[type=submit]');
  const body = Object.fromEntries(new FormData(form).entries());
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
    if (res.ok) {
      window.location.assign(destination);
      return;
    }
    const data = await res.json().catch(() => ({}));
    const issue = data.issues && data.issues[0];
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
registerForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void submit(registerForm, '/api/auth/register');
});
$('to-register').addEventListener('click', (e) => {
  e.preventDefault();
  history.replaceState(null, '', '#register');
  show('register');
});
$('to-login').addEventListener('click', (e) => {
  e.preventDefault();
  history.replaceState(null, '', '#login');
  show('login');
});
show(location.hash === '#register' ? 'register' : 'login');
