"""Argument checks for the Python-level calls: a wrong type is a plain
TypeError naming the call and the argument, before the extension sees it
(whose own message would show its internal signature)."""
import numbers as _numbers
import os as _os


def text(value, name, call):
    """value, which must be a str."""
    if not isinstance(value, str):
        raise TypeError("%s: %s must be a str, got %s" %
                        (call, name, type(value).__name__))
    return value


def number(value, name, call, optional=False):
    """value as a float: a real number (not a bool, not a str), or None if
    optional."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, _numbers.Real):
        raise TypeError("%s: %s must be a number%s, got %s" %
                        (call, name, " or None" if optional else "",
                         type(value).__name__))
    return float(value)


def integer(value, name, call):
    """value as an int: an integral number, not a bool."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError("%s: %s must be an int, got %s" %
                        (call, name, type(value).__name__))
    return int(value)


def path_or_array(value, name, call):
    """value unchanged: a path (str or os.PathLike) or anything else, which
    the caller turns into an array; bytes and None are refused."""
    if value is None or isinstance(value, (bytes, bytearray)):
        raise TypeError("%s: %s must be a path or an array, got %s" %
                        (call, name, type(value).__name__))
    return value if not isinstance(value, _os.PathLike) else _os.fspath(value)
