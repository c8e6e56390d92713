//! The HELP texts, as the seed's transcript shows them.

/// `HELP` alone.
pub const OVERVIEW: &[&str] = &[
    "Available commands after greeting: LOGIN, LOGOUT",
    "User commands: ID, LIST USERS",
    "Game management: LIST MAPS, CREATE GAME, LIST GAMES, JOIN GAME, UPLOAD MAP, DOWNLOAD MAP",
    "Team management: LIST TEAMS",
    "Other commands: CREATE TESTPLAYER, MSG, CHANGELOG, UPLOAD MAP, NOOP, HELP",
    "send 'HELP <command>' for details",
    "a successfull command will be acknowledged with an 'OK' line",
    "an unsuccessfull command will be acknowledged with an 'ERROR' line",
];

/// `HELP <command>`: its description and usage, by command (upper case).
pub fn about(command: &str) -> Option<&'static [&'static str]> {
    Some(match command {
        "LOGIN" => &[
            "Logs you in with your login or your email address and your password",
            "Usage: \"LOGIN (<login>|<email>) <password>\"",
        ],
        "LOGOUT" => &[
            "Logs you out; the connection stays open for another LOGIN",
            "Usage: \"LOGOUT\"",
        ],
        "ID" => &["Tells who you are logged in as", "Usage: \"ID\""],
        "LIST USERS" => &[
            "Lists the users logged in, their team and the game they are in",
            "Usage: \"LIST USERS\"",
        ],
        "LIST MAPS" => &[
            "Lists the maps games can be played on",
            "Usage: \"LIST MAPS\"",
        ],
        "LIST GAMES" => &[
            "Lists the games: their map, players, visitors and state",
            "Usage: \"LIST GAMES\"",
        ],
        "LIST TEAMS" => &["Lists the teams", "Usage: \"LIST TEAMS\""],
        "CREATE GAME" => &[
            "Creates a game for 2 to 4 players on a map (the standard map when none is given); -testgame deals every player one progress card of each kind. Tabula also takes -timeout <ms> (how long a player may take to answer, 60000 by default), -rounds <n> (a round limit), -bot <spec> (the bot that takes over a seat, greedy by default) and -position <name> (a position of the server's --positions folder)",
            "Usage: \"CREATE GAME <gamename> -maxPlayers <count> (-map <mapname>)? (-testgame)?\"",
        ],
        "JOIN GAME" => &[
            "Joins a game as a player, or as a visitor who only watches; after the OK the server speaks JSON",
            "Usage: \"JOIN GAME <gamename> (-visitor [true|false])?\"",
        ],
        "MSG" => &[
            "Sends a message to everyone in the lobby, to a user or to a team (your own when none is named)",
            "Usage: \"MSG (ALL | ( ( USER | TEAM ) <recipient> ) )? <message>\"",
        ],
        "UPLOAD MAP" => &[
            "Uploads a map: send the map's lines after this command and end with a line holding only a dot; every problem is answered with an ERROR line naming its line and rule",
            "Usage: \"UPLOAD MAP\"",
        ],
        "DOWNLOAD MAP" => &["Sends a map's lines", "Usage: \"DOWNLOAD MAP <mapname>\""],
        "CREATE TESTPLAYER" => &[
            "Creates a temporary user e.g. for testing purposes. This user exists at least for 24h hours or until the next server restart",
            "Usage: \"CREATE TESTPLAYER\"",
        ],
        "CHANGELOG" => &[
            "Lists the changes of the server's versions",
            "Usage: \"CHANGELOG\"",
        ],
        "NOOP" => &[
            "Does nothing; send it now and then so that the connection is not closed as idle",
            "Usage: \"NOOP\"",
        ],
        "HELP" => &[
            "Lists the commands, or tells about one",
            "Usage: \"HELP <command>\"",
        ],
        _ => return None,
    })
}

/// `CHANGELOG`.
pub const CHANGELOG: &[&str] = &[
    "1.0 Tabula's course server: the SE1 lobby and JSON protocol, Cities & Knights by Tabula's rules, Tabula bots for seats that leave or do not answer, records",
];
