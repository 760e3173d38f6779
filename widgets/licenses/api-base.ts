import { createContext, useContext } from 'react';

/** The element's `api-base`, for the parts deep in the tree that call the API themselves. */
export const ApiBaseContext = createContext<string | undefined>(undefined);

export const useApiBase = () => useContext(ApiBaseContext);
