import '../lib/zod-setup.ts';
import './styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadStoredProviderSdk } from '../features/auth/adapters/preload-sdk.ts';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

preloadStoredProviderSdk();

// A transition lets React render the first screen in slices, so a slow phone can still respond
// meanwhile; index.html's own loading message stays until the first screen is ready.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
