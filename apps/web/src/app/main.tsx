import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadStoredProviderSdk } from '../features/auth/adapters/preload-sdk.ts';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

preloadStoredProviderSdk();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
