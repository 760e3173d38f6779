import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { requestFailures } from '../api/messages/request-failures';

type Load<Props> = () => Promise<ComponentType<Props>>;

/**
 * A component whose code is fetched the first time it is shown, with `fallback` in its place meanwhile
 * (what reserves its space). The same in React and in the embed build's Preact, without Suspense: a
 * failed fetch shows the default error and is tried again the next time the component mounts.
 */
export function lazyComponent<Props extends object>(load: Load<Props>, fallback: ReactNode = null) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;

  return function LazyComponent(props: Props) {
    const [View, setView] = useState<ComponentType<Props> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);

    useEffect(() => {
      if (View) return;
      let mounted = true;
      loading ??= load();
      loading.then(
        (component) => {
          loaded = component;
          if (mounted) setView(() => component);
        },
        () => {
          loading = undefined;
          if (mounted) setFailed(true);
        },
      );
      return () => {
        mounted = false;
      };
    }, [View]);

    if (View) return <View {...props} />;
    return failed ? <p role="alert">{requestFailures.default}</p> : fallback;
  };
}
