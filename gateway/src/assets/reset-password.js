// The page of a password reset link (/reset-password/{token}): the new password, twice, sent with the token of the
// path. The gateway marks an unknown, used or expired link with data-state="invalid" before the page is sent.
const $ = (id) => document.getElementById(id);
const form = $('reset-form');
const errorBox = $('error');
const noticeBox = $('notice');
const token = location.pathname.split('/').pop();

function fail(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

function done(message) {
  form.hidden = true;
  $('lead').hidden = true;
  noticeBox.textContent = message;
  noticeBox.hidden = false;
  $('to-login').focus();
}

if (document.body.dataset.state === 'invalid') {
  form.hidden = true;
  $('title').textContent = 'This link cannot be used';
  $('lead').textContent = 'This link is invalid or has expired. Ask for a new one.';
} else {
  $('reset-password').focus();
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  errorBox.hidden = true;
  const password = $('reset-password').value;
  if (password !== $('reset-confirm').value) return fail('The passwords do not match.');
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    const res = await fetch('/api/auth/reset-password', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ token, password }),
    });
    if (res.ok) return done('Your password has been reset. Sign in with your new password.');
    const data = await res.json().catch(() => ({}));
    const issue = data.issues && data.issues[0];
    fail(issue ? issue.message : data.message || `Something went wrong (${res.status}).`);
  } catch {
    fail('Could not reach the server. Check your connection and try again.');
  } finally {
    button.disabled = false;
  }
});
