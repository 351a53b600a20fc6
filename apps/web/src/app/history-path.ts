import { createContext, useContext } from 'react';
import type { Path } from 'react-router';

/**
 * Where the router's history is (BrowserRouter's: the address bar, app/main.tsx). The router
 * shows a navigation as a transition, which may wait for a page's code and data, so what is on
 * screen can be a step behind what was asked for last; the history is not. Undefined where the
 * router has no such history (MemoryRouter in tests without one): the shown location is used.
 */
export type HistoryPath = () => Path;

export const HistoryPathContext = createContext<HistoryPath | undefined>(undefined);

export const useHistoryPath = () => useContext(HistoryPathContext);
