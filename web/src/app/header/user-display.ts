type Named = { email?: string | null; name?: string | null } | null | undefined;

/** How the app names the signed-in user: the name when set, else the e-mail. */
export const displayName = (user: Named) => user?.name?.trim() || user?.email?.trim() || "";

/** The avatar's letter: the first letter of that name, upper-case. */
export const avatarLetter = (user: Named) => displayName(user).charAt(0).toLocaleUpperCase("ru-RU");
