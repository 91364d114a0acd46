import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createBrowserPlatform } from './platform/createBrowserPlatform';
import { installErrorReporting } from './platform/installErrorReporting';

const { platform, client, navigator } = createBrowserPlatform();
installErrorReporting(platform.reporter);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App platform={platform} client={client} navigator={navigator} />
  </StrictMode>,
);
