import { useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isUnauthorized } from '../../../lib/api-client';
import { useForgetAccount, useLogout } from '../api/logout';

/** Ends the session (POST /api/auth/logout), leaves for the home page and forgets the cached data. */
export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'isLoading'>) {
  const navigate = useNavigate();
  const mutation = useLogout();
  const forgetAccount = useForgetAccount();

  const signedOut = async () => {
    // Leave the guarded page first (rendered at once), so its guard never sends us to /login.
    await navigate('/', { flushSync: true });
    forgetAccount();
    toast.success('You have been signed out.');
  };

  const onClick = () => {
    mutation.mutate(undefined, {
      onSuccess: signedOut,
      onError: async (error) => {
        // The session had already ended: that is signed out too.
        if (isUnauthorized(error)) return signedOut();
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Button
      variant="secondary"
      {...props}
      onClick={onClick}
      isLoading={mutation.isPending}
      loadingText="Signing out…"
    >
      Signout
    </Button>
  );
}
