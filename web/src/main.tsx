import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, getInitialTheme } from './lib/theme';
import { initColorScheme } from './features/settings/lib/local-settings';
import './index.css';

// Before the first paint, so a dark choice does not flash light.
applyTheme(getInitialTheme());
initColorScheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
