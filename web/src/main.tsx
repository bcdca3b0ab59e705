import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { applyTheme, getInitialTheme } from './lib/theme';
import { initColorScheme } from './features/settings/lib/local-settings';
import './index.css';

// The CSP allows no eval: zod must not probe for it (each probe is a CSP violation report) nor compile parsers with it.
z.config({ jitless: true });

// Before the first paint, so a dark choice does not flash light.
applyTheme(getInitialTheme());
initColorScheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
