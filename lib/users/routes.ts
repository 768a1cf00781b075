/** The users area's data route (app/api/users/): the staff list. */

export const usersUrl = () => "/api/users";
