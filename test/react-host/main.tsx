import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// The API's address comes with the page (`?api-base=`), so one build runs against any server.
const apiBase = new URLSearchParams(location.search).get('api-base') ?? '/api/v1';
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App apiBase={apiBase} />
  </StrictMode>,
);
